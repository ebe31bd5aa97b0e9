import { useMemo } from "react";
import { ChannelSection } from "../../carrier-channels/components/channel-section";
import type { RbmChannelsModel } from "../use-rbm-channels";
import { RbmCard } from "./rbm-card";
import { RbmDrawer } from "./rbm-drawer";
import { RbmEditDrawer } from "./rbm-edit-drawer";

/**
 * The Google RCS Business Messaging agents an account sends through, beside the sandbox: each sends one bot's
 * messages; every other bot keeps going out through the sandbox.
 */
export function RbmSection({ page, bots }: { page: RbmChannelsModel; bots: readonly { _id: string; name: string }[] }) {
  const free = useMemo(() => {
    const claimed = new Set(page.channels.map((c) => c.rcs?.botId));
    return bots.filter((b) => !claimed.has(b._id)).map((b) => ({ id: b._id, name: b.name }));
  }, [page.channels, bots]);
  return (
    <ChannelSection
      page={page}
      title="RCS Business Messaging"
      subtitle="Bots connected to a Google agent send through it; the others through the sandbox."
      connectLabel="Connect an RBM agent"
      onConnect={page.openConnect}
      empty="No Google agent connected: every RCS message goes out through the sandbox. Connect your RBM agent to send real messages."
      card={(channel) => <RbmCard channel={channel} page={page} />}
    >
      <RbmDrawer page={page} bots={free} />
      <RbmEditDrawer page={page} />
    </ChannelSection>
  );
}
