import { Refine } from "@refinedev/core";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { HttpRequest } from "../../../../api/http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CampaignRecord } from "../../../../../contract";
import type { ProgressUpdate, RecipientCounts } from "../../../../../contract/domain/campaigns";
import { http } from "../../../../api/client";
import { publishProgress } from "../../../../providers/campaign-progress-feed";
import { dataProvider } from "../../../../providers/data-provider";
import { sessionStore } from "../../../../state/session";
import { useLiveCampaign } from "./use-live-campaign";

const counts = (c: Partial<RecipientCounts>): RecipientCounts => ({
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  unknown: 0,
  skipped: 0,
  failedOver: 0,
  ...c,
});
const ID = "11111111-1111-4111-8111-111111111111";
let record: Partial<CampaignRecord>;
let seen: HttpRequest[] = [];

beforeEach(() => {
  seen = [];
  record = {
    _id: ID,
    name: "Live",
    channel: "rcs",
    status: "running",
    statusReason: null,
    total: 10,
    percent: 20,
    counts: counts({ sent: 2, queued: 8 }),
    cost: { estimated: 3, max: 3, held: 3, spent: 0.6, failoverSpent: 0 },
    updatedAt: "2026-11-23T10:00:00.000Z",
  };
  sessionStore.loginSucceeded({
    _id: "m",
    username: "manager",
    email: "m@example.com",
    type: "manager",
    token: "t",
    expiresAt: 2_000_000_000,
    isFirstLogin: false,
  });
  // The answer GET /api/v1/campaigns/:id gives (the server side is the campaign branches' tests).
  http.defaults.adapter = async (config) => {
    seen.push(config);
    return { status: 200, data: { success: true, data: record } };
  };
});
afterEach(() => {
  http.defaults.adapter = undefined;
  sessionStore.logout();
});

function Probe() {
  const { campaign, live } = useLiveCampaign(ID);
  if (!campaign) return <p>loading</p>;
  return (
    <p data-testid="state">{`${campaign.status} ${campaign.percent}% sent=${campaign.counts.sent} spent=${campaign.cost.spent} ${live ? "live" : "fetched"}`}</p>
  );
}

const push = (over: Partial<ProgressUpdate>): ProgressUpdate => ({
  campaignId: ID,
  channel: "rcs",
  status: "running",
  statusReason: null,
  total: 10,
  counts: counts({ sent: 6, queued: 4 }),
  percent: 60,
  spent: 1.8,
  failoverSpent: 0,
  at: "2026-11-23T10:00:02.000Z",
  ...over,
});

describe("useLiveCampaign", { timeout: 30_000 }, () => {
  it("shows the fetched campaign, moves with its pushes, ignores other campaigns' and refetches when the status moves", async () => {
    render(
      <Refine dataProvider={dataProvider} resources={[{ name: "campaigns" }]} options={{ disableTelemetry: true }}>
        <Probe />
      </Refine>,
    );
    expect(await screen.findByText("running 20% sent=2 spent=0.6 fetched")).toBeTruthy();
    expect(seen[0].url).toContain(`/api/v1/campaigns/${ID}`);

    act(() => publishProgress(push({})));
    expect(screen.getByTestId("state").textContent).toBe("running 60% sent=6 spent=1.8 live");
    act(() => publishProgress(push({ campaignId: "another", percent: 99 })));
    act(() => publishProgress(push({ percent: 40, at: "2026-11-23T10:00:01.000Z" })));
    expect(screen.getByTestId("state").textContent).toBe("running 60% sent=6 spent=1.8 live");
    const fetches = seen.length;

    record = {
      ...record,
      status: "completed",
      percent: 100,
      counts: counts({ delivered: 10 }),
      cost: { estimated: 3, max: 3, held: 3, spent: 3, failoverSpent: 0 },
      updatedAt: "2026-11-23T10:00:09.000Z",
      completedAt: "2026-11-23T10:00:09.000Z",
    };
    act(() =>
      publishProgress(
        push({
          status: "completed",
          percent: 100,
          counts: counts({ delivered: 9, sent: 1 }),
          at: "2026-11-23T10:00:08.000Z",
        }),
      ),
    );
    await waitFor(() => expect(seen.length).toBe(fetches + 1));
    // The refetched record (newer than the last push) wins.
    await waitFor(() => expect(screen.getByTestId("state").textContent).toBe("completed 100% sent=0 spent=3 live"));
  });
});
