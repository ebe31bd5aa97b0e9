// The worker thread's entry (bundled beside the server as parse-worker.mjs): one task in, one answer out.
import { parentPort, workerData } from "node:worker_threads";
import { runParseTask, type ParseTask } from "./parse-task";

void runParseTask(workerData as ParseTask).then((answer) => parentPort?.postMessage(answer));
