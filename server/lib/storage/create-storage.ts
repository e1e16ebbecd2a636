// The one place the file store is chosen from the configuration. Today that is always the local
// disk under DATA_DIR/uploads; a store shared by several instances (an S3-compatible bucket) is
// another FileStorage chosen here by its own setting, and nothing else changes.
import type { Config } from '../../plugins/config';
import type { FileStorage } from './file-storage';
import { createLocalDiskStorage } from './local-disk-storage';

export function createFileStorage(config: Pick<Config, 'uploadsDir'>): FileStorage {
  return createLocalDiskStorage({ root: config.uploadsDir });
}
