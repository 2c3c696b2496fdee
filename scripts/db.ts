/** npm run db:migrate | db:rollback | db:seed | db:reset — fails loudly, exits non-zero on error. */
import path from 'node:path';
import { loadEnv } from '../config/env.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest, rollbackAll, rollbackOne } from '../db/migrate.ts';
import { isDatabaseEmpty, seedDemoData } from '../db/seed/index.ts';

const command = process.argv[2];
const env = loadEnv();
const database = connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const uploadsDir = path.join(env.DATA_DIR, 'uploads');

function print(lines: string[], empty: string): void {
  console.log(lines.length > 0 ? lines.join('\n') : empty);
}

try {
  console.log(`Cơ sở dữ liệu: ${database.engine} — ${database.location}`);
  switch (command) {
    case 'migrate':
      print(await migrateToLatest(database.db), 'Không có migration mới.');
      break;
    case 'rollback':
      print(await rollbackOne(database.db), 'Không còn migration để hoàn tác.');
      break;
    case 'seed':
      await migrateToLatest(database.db);
      if (env.APP_ENV === 'production') throw new Error('Không nạp dữ liệu mẫu khi APP_ENV=production.');
      if (!(await isDatabaseEmpty(database.db))) {
        console.log('Cơ sở dữ liệu đã có dữ liệu; bỏ qua. Dùng npm run db:reset để làm lại từ đầu.');
        break;
      }
      await seedDemoData(database.db, { uploadsDir });
      console.log('Đã nạp dữ liệu mẫu.');
      break;
    case 'reset':
      if (env.APP_ENV === 'production') throw new Error('Không đặt lại cơ sở dữ liệu khi APP_ENV=production.');
      print(await rollbackAll(database.db), 'Không có gì để hoàn tác.');
      print(await migrateToLatest(database.db), '');
      await seedDemoData(database.db, { uploadsDir });
      console.log('Đã đặt lại và nạp dữ liệu mẫu.');
      break;
    default:
      throw new Error(`Lệnh không hợp lệ: ${command ?? '(trống)'}. Dùng migrate | rollback | seed | reset.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
