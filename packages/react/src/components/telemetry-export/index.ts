export { checkTelemetryProps, TelemetryExport, type TelemetryExportProps } from './telemetry-export.js';
