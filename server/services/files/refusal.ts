// A file refused by a limit (zip limits, a worker's memory or time): the answer's status, and the sentence that says
// why, which a background reader (an audience's ingest) keeps as its failure reason.
import { HttpError } from "../../http/errors";

export class FileRefused extends HttpError {
  constructor(
    status: 413 | 422,
    readonly reason: string,
    fieldMessage: string = reason,
  ) {
    super(status, `file: ${reason}`, [{ field: "file", message: fieldMessage }]);
  }
}

export const tooBig = (what: string) =>
  new FileRefused(
    413,
    `The ${what} needs more memory to read than the server allows; it was not read`,
    "needs too much memory to read",
  );
export const tooSlow = (what: string, ms: number) =>
  new FileRefused(422, `The ${what} took longer than ${ms / 1000} s to read; it was not read`, "took too long to read");
export const stalled = (what: string, ms: number) =>
  new FileRefused(
    422,
    `The ${what} made no progress for ${ms / 1000} s while being read; it was not read`,
    "took too long to read",
  );
