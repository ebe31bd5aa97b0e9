import { NodeFS } from "@electric-sql/pglite/nodefs";

// PGlite reaches its data directory through Emscripten's NODEFS, which answers PostgreSQL's "how long is this file"
// (lseek to the end: how the planner sizes every relation of a query, and how every sequential scan starts) with an
// fstat system call. A users-list request on PGlite made about ten of them (the page's modules are a scan of a
// one-page table per row) and spent a tenth of its CPU there; on this kind of virtual machine a system call is dear.
// PGlite is the only writer of its directory (one process per data directory), so a file's size only changes
// through the calls below: it is asked of the system once per file and then followed through writes and truncations.

type Mode = { mode: number };
type Node = object & Mode;
interface Stream {
  node: Node;
  position: number;
  flags: number;
}
interface StreamOps {
  llseek(stream: Stream, offset: number, whence: number): number;
  write(stream: Stream, buffer: Uint8Array, offset: number, length: number, position: number, canOwn?: boolean): number;
  setattr(stream: Stream, attr: { size?: number }): void;
  open(stream: Stream): void;
}
interface NodeOps {
  setattr(node: Node, attr: { size?: number }): void;
}
/** The parts of Emscripten's NODEFS this wraps (its stream and node operations are shared by every file's node). */
export interface NodeFsOps {
  stream_ops: StreamOps;
  node_ops: NodeOps;
}

const KEPT = Symbol("file sizes kept");
const SEEK_END = 2;
const O_TRUNC = 512;
/** S_IFREG: sizes are kept for regular files only (NODEFS asks the system only for those too). */
const isFile = (node: Mode) => (node.mode & 0o170000) === 0o100000;

/** Wraps NODEFS's operations so each file's size is asked of the system once, then followed. Idempotent. */
export function keepFileSizes(nodefs: NodeFsOps): void {
  const ops = nodefs.stream_ops as StreamOps & { [KEPT]?: true };
  if (ops[KEPT]) return;
  ops[KEPT] = true;
  const sizes = new WeakMap<Node, number>();
  const { llseek, write, setattr, open } = ops;
  const nodeSetattr = nodefs.node_ops.setattr;

  ops.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !isFile(stream.node)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    // NODEFS's own answer past the start is EINVAL (28); asking it again with the offset gives that same error.
    return size + offset < 0 ? llseek(stream, offset, whence) : size + offset;
  };
  ops.write = (stream, buffer, offset, length, position, canOwn) => {
    const written = write(stream, buffer, offset, length, position, canOwn);
    const size = sizes.get(stream.node);
    if (size !== undefined && position + written > size) sizes.set(stream.node, position + written);
    return written;
  };
  ops.setattr = (stream, attr) => {
    sizes.delete(stream.node);
    setattr(stream, attr);
  };
  ops.open = (stream) => {
    if (stream.flags & O_TRUNC) sizes.delete(stream.node);
    open(stream);
  };
  nodefs.node_ops.setattr = (node, attr) => {
    sizes.delete(node);
    nodeSetattr(node, attr);
  };
}
/** PGlite's Node.js file system with file sizes kept in memory (keepFileSizes). */
export class SizeKeepingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS["init"]>): ReturnType<NodeFS["init"]> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: { NODEFS: unknown }) => keepFileSizes(mod.NODEFS as NodeFsOps),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
