export { REUSE_BOOST, withReuse } from './boost.js';
export { reuseFor } from './match.js';
export { SERVED_LIMITS, withServed } from './served.js';
