/**
 * Replacing a file that a host reads, safely in a folder others may write to. The temporary file
 * gets a random name and is created exclusively (O_EXCL, O_NOFOLLOW): a symlink planted at a
 * guessable name is never followed, so no other file is overwritten. Its mode is set at creation
 * and again through the descriptor (fchmod, since the umask may narrow it), it is synced, and
 * only then renamed over the file, so a host reading mid-write sees the old file or the new one.
 * A config that is a symlink (dotfiles kept in a repository) is written through to its target:
 * the link stays a link.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, readlink, realpath, rename, stat, symlink, unlink } from 'node:fs/promises';

/** Where writing `file` must land: the file a symlink leads to, or `file` itself. */
async function landingOf(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return file;
    throw e;
  }
}

function temporaryBeside(file: string): string {
  return `${file}.loupe-${randomBytes(12).toString('hex')}.tmp`;
}

export async function replaceFile(file: string, bytes: Buffer | string): Promise<void> {
  const target = await landingOf(file);
  // Keep the file's own permissions: a host's config is the person's, not Loupe's.
  const mode = await stat(target).then(
    (s) => s.mode & 0o777,
    () => 0o600,
  );
  const tmp = temporaryBeside(target);
  const handle = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), mode);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, target);
  } catch (e) {
    await unlink(tmp).catch(() => {});
    throw e;
  }
}

/** What a symlink at `file` points to, as written in the link; undefined when it is not a link. */
export async function linkOf(file: string): Promise<string | undefined> {
  const s = await lstat(file).catch(() => undefined);
  return s?.isSymbolicLink() ? readlink(file) : undefined;
}

/** Puts the symlink `file` -> `link` back (something replaced it with a file), in one rename. */
export async function restoreLink(file: string, link: string): Promise<void> {
  if ((await linkOf(file)) === link) return;
  const tmp = temporaryBeside(file);
  await symlink(link, tmp);
  try {
    await rename(tmp, file);
  } catch (e) {
    await unlink(tmp).catch(() => {});
    throw e;
  }
}
