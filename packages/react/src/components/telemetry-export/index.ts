export { TelemetryExport, type TelemetryExportProps } from './telemetry-export.js';
