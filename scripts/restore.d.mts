export function restoreDataDir(archive: string, dataDir: string): Promise<{ migrations: number }>;
