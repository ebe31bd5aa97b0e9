// The XLSX worker thread's entry (bundled beside the server as xlsx-worker.mjs): bytes in on request, rows out.
import { parentPort, workerData } from "node:worker_threads";
import { runXlsxTask, type FromWorker, type ToWorker, type XlsxTask } from "./xlsx-task";

const port = parentPort;
if (port) {
  void runXlsxTask(workerData as XlsxTask, {
    post: (message: FromWorker) => port.postMessage(message),
    onMessage: (listener) => port.on("message", (message: ToWorker) => listener(message)),
  });
}
