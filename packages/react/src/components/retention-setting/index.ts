export { checkRetentionProps, RetentionSetting, type RetentionSettingProps } from './retention-setting.js';
