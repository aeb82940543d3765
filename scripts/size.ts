/** npm run size: builds the client and prints the size budgets (also part of npm run bench). */
import { benchSize } from '../bench/size.bench';
import { formatTable, passes } from '../bench/stats';

const rows = benchSize({ build: !process.argv.includes('--no-build') });
console.log(`\n${formatTable(rows)}\n`);
process.exit(rows.every(passes) ? 0 : 1);
