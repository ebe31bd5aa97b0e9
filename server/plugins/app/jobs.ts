import fp from "fastify-plugin";
import { TEMPLATE_STATUS_EVENT } from "../../../contract/domain/whatsapp-template-events";
import type { ServerConfig } from "../../config";
import { aiEmbeddingJob, queueMissingEmbeddings } from "../../jobs/ai-embeddings";
import { aiReplyJob } from "../../jobs/ai-replies";
import { startCampaignDispatch } from "../../jobs/campaign-dispatch";
import type { DispatchOverrides } from "../../services/campaigns/dispatch-settings";
import { campaignIngestJob } from "../../jobs/campaign-ingest";
import { campaignSchedulerJob } from "../../jobs/campaign-scheduler";
import { campaignScheduleRunsJob } from "../../jobs/campaign-schedule-runs";
import { shortLinkOrigin } from "../../config";
import { campaignSplitsJob } from "../../jobs/campaign-splits";
import { contactImportJob } from "../../jobs/contact-import";
import { contactImportExpiryJob } from "../../jobs/contact-import-expiry";
import { startPublicApiJobs } from "../../jobs/public-api";
import { startClaimLoop, type ClaimLoop } from "../../db/claim-loop";
import { chatFileExpiryJob } from "../../jobs/chat-file-expiry";
import { offlineHandOverJob } from "../../jobs/offline-hand-over";
import { slaBreachesJob } from "../../jobs/sla-breaches";
import { reportExpiryJob } from "../../jobs/report-expiry";
import { reportGenerationJob } from "../../jobs/report-generation";
import { linkKeyOf } from "../../services/links/code";
import { templateReviewJob } from "../../jobs/template-review";
import { REPORT_PROGRESS_EVENT } from "../../../contract/domain/campaigns";
import type { ReportProgress } from "../../../contract/domain/reports";
import { startWorkflowJobs } from "../../jobs/workflows";
import { hubAiBridge } from "../../services/ai/workflow-bridge";
import { userRoom } from "../../realtime";
import { embeddingsConfigured } from "../../services/ai/llm";

/** Where the job loops are: /readyz answers ready only while they run. */
export type JobsState = "starting" | "running" | "stopping" | "stopped";

declare module "fastify" {
  interface FastifyInstance {
    /** The running job loops by name; tests call tick() to run a round at once. */
    jobs: Map<string, ClaimLoop>;
    jobsState(): JobsState;
  }
}

const MINUTE = 60_000;

/**
 * The durable job loops: started once the app is ready (routes and sockets exist), stopped before the database closes.
 */
export const jobsPlugin = fp<
  Pick<ServerConfig, "jobIntervalMs" | "now" | "audience" | "reports" | "workflows" | "ai" | "smsWindow"> & {
    dispatch?: DispatchOverrides;
  }
>(
  async (app, { jobIntervalMs, now, audience, dispatch, reports, workflows, ai, smsWindow }) => {
    const loops = new Map<string, ClaimLoop>();
    let state: JobsState = "starting";
    let stopped: Promise<void> | undefined;
    app.decorate("jobs", loops);
    app.decorate("jobsState", () => state);
    // In order: the dispatcher's last writes may touch progress, which stops last. Each loop hands back what it
    // claimed but did not do (recipients queued again, rows due now), so another process takes them at once.
    const stopAll = () =>
      (stopped ??= (async () => {
        state = "stopping";
        for (const loop of loops.values()) await loop.stop();
        loops.clear();
        state = "stopped";
      })());
    app.addHook("onReady", async () => {
      const review = templateReviewJob(app.database.db, {
        carrier: app.carrier,
        recheckMs: jobIntervalMs,
        watchEveryMs: Math.max(jobIntervalMs, Math.min(30 * jobIntervalMs, MINUTE)),
        watchForMs: 60 * MINUTE,
        leaseMs: Math.max(10 * jobIntervalMs, MINUTE),
        announce: (userId, record) => app.io.to(userRoom(userId)).emit(TEMPLATE_STATUS_EVENT, record),
      });
      loops.set(
        review.name,
        startClaimLoop(app.database.db, review, { intervalMs: jobIntervalMs, batch: 50, log: app.log }),
      );
      // The ingest's statements (a COPY, clearing a re-run's rows) may run longer than a request's: the long pool.
      const ingest = campaignIngestJob({
        db: app.database.long,
        storage: app.storage,
        maxRows: audience?.maxRows,
        leaseMs: Math.max(10 * jobIntervalMs, MINUTE),
      });
      loops.set(
        ingest.name,
        startClaimLoop(app.database.db, ingest, { intervalMs: jobIntervalMs, batch: 1, log: app.log }),
      );
      // A contacts import reads a file as the ingest does: the long pool, one import per claim.
      const contactImport = contactImportJob({
        db: app.database.long,
        storage: app.storage,
        leaseMs: Math.max(10 * jobIntervalMs, MINUTE),
      });
      loops.set(
        contactImport.name,
        startClaimLoop(app.database.db, contactImport, { intervalMs: jobIntervalMs, batch: 1, log: app.log }),
      );
      // Expiries (unstarted imports, reports) are looked for at least every minute, at most every 10 seconds.
      const expiries = { intervalMs: Math.min(Math.max(jobIntervalMs, 10_000), MINUTE), batch: 50, log: app.log };
      const unstarted = contactImportExpiryJob({ db: app.database.db, storage: app.storage });
      loops.set(unstarted.name, startClaimLoop(app.database.db, unstarted, expiries));
      const scheduler = campaignSchedulerJob({ now });
      loops.set(
        scheduler.name,
        startClaimLoop(app.database.db, scheduler, { intervalMs: jobIntervalMs, batch: 50, log: app.log }),
      );
      // Recurring campaigns: each due run a campaign of its own, started once its audience is read.
      const scheduleRuns = campaignScheduleRunsJob({
        now,
        smsWindow,
        linkOrigin: shortLinkOrigin(app.routeContext.config),
      });
      loops.set(
        scheduleRuns.name,
        startClaimLoop(app.database.db, scheduleRuns, { intervalMs: jobIntervalMs, batch: 20, log: app.log }),
      );
      // A/B tests: start each variant once its audience is read, choose the winner, send it to the rest.
      const splits = campaignSplitsJob({
        db: app.database.db,
        smsWindow,
        now,
        pollMs: Math.max(jobIntervalMs, 1000),
        leaseMs: Math.max(10 * jobIntervalMs, MINUTE),
      });
      loops.set(
        splits.name,
        startClaimLoop(app.database.db, splits, { intervalMs: jobIntervalMs, batch: 20, log: app.log }),
      );
      for (const [name, loop] of startCampaignDispatch(app, dispatch ?? {})) loops.set(name, loop);
      const announceReport = (userId: string, progress: ReportProgress) =>
        app.io.to(userRoom(userId)).emit(REPORT_PROGRESS_EVENT, progress);
      const report = reportGenerationJob({
        db: app.database.db,
        storage: app.storage,
        batch: reports.batchRows,
        linkKey: linkKeyOf(app.routeContext.secret()),
        leaseMs: reports.leaseMs,
        ttlMs: reports.ttlHours * 3_600_000,
        maxAttempts: 3,
        announce: announceReport,
        log: app.log,
      });
      loops.set(
        report.name,
        startClaimLoop(app.database.db, report, { intervalMs: jobIntervalMs, batch: 1, log: app.log }),
      );
      // A report download is refused from the moment of expiry anyway; the job removes the file.
      const expiry = reportExpiryJob({
        db: app.database.db,
        storage: app.storage,
        leaseMs: MINUTE,
        announce: announceReport,
      });
      loops.set(expiry.name, startClaimLoop(app.database.db, expiry, expiries));
      const handOver = offlineHandOverJob({ db: app.database.db, io: app.io });
      loops.set(handOver.name, startClaimLoop(app.database.db, handOver, expiries));
      const unsent = chatFileExpiryJob({ db: app.database.db, storage: app.storage, log: app.log });
      loops.set(unsent.name, startClaimLoop(app.database.db, unsent, expiries));
      const breaches = slaBreachesJob({ db: app.database.db, io: app.io });
      loops.set(breaches.name, startClaimLoop(app.database.db, breaches, expiries));
      for (const [name, loop] of startWorkflowJobs(
        app,
        { jobIntervalMs, now, workflows },
        hubAiBridge(app.database.db),
      ))
        loops.set(name, loop);
      for (const [name, loop] of startPublicApiJobs(app, dispatch ?? {})) loops.set(name, loop);
      const lease = Math.max(10 * jobIntervalMs, 2 * MINUTE);
      const replies = aiReplyJob(
        app.database.db,
        { db: app.database.db, carrier: app.carrier, io: app.io, ai, now, log: app.log },
        { leaseMs: lease },
      );
      loops.set(
        replies.name,
        startClaimLoop(app.database.db, replies, { intervalMs: jobIntervalMs, batch: 20, log: app.log }),
      );
      if (embeddingsConfigured(ai)) {
        await queueMissingEmbeddings(app.database.db);
        const embeddings = aiEmbeddingJob(app.database.db, ai, { leaseMs: lease });
        loops.set(
          embeddings.name,
          startClaimLoop(app.database.db, embeddings, { intervalMs: jobIntervalMs, batch: 64, log: app.log }),
        );
      }
      state = "running";
    });
    // Stopping starts with the close (preClose), while in-flight requests are still being answered, so claimed work
    // is handed back as early as possible; the database closes only after it is done (onClose).
    app.addHook("preClose", async () => {
      // Not awaited: the HTTP server stops accepting meanwhile. A failure is reported by onClose's await.
      stopAll().catch(() => undefined);
    });
    app.addHook("onClose", async () => {
      await stopAll();
    });
  },
  { name: "jobs", dependencies: ["database", "carrier", "realtime", "public-api", "route-context"] },
);
