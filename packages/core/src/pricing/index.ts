export { checkPriceTable, costOfUsage, type ModelPrice, type PriceTable, type UsageCost } from './price.js';
