import { Alert, Button, Card, Flex, Steps } from "antd";
import type { CampaignChannel } from "../../../../../contract";
import { isFailoverChannel } from "../../../../../contract/domain/campaigns";
import { useAbility } from "../../../../providers";
import { PageHeader } from "../../../common/page-header";
import { AudienceStep } from "./audience-step";
import type { ChannelSource } from "./channel-sources";
import { CHANNEL_CALLS } from "./channel-calls";
import { CheckStep, startProblem } from "./check-step";
import { ConfirmStep } from "./confirm-step";
import { FailoverFields } from "./failover-fields";
import { IngestStep } from "./ingest-step";
import { TemplateStep } from "./template-step";
import { useCampaignCreate } from "./use-campaign-create";
import { VariablesStep } from "./variables-step";
import { STEP, STEPS, type StepIndex } from "./wizard-state";

/** One stepper for every channel: the channel's source (accounts, templates, preview) is the only difference. */
export function CampaignStepper({
  channel,
  useSource,
  description,
}: {
  channel: CampaignChannel;
  useSource: (accountId: string) => ChannelSource;
  description: string;
}) {
  const c = useCampaignCreate(channel);
  const { state, dispatch } = c;
  const source = useSource(state.draft.accountId);
  const template = source.templates.find((t) => t.id === state.draft.templateId);
  const mayStart = useAbility().can("call", CHANNEL_CALLS[channel].start);
  const step = state.step;
  const locked = state.campaignId !== null;

  const items = STEPS.map((title, i) => ({ title, disabled: i >= step || (locked && i < STEP.ingest) }));
  const next = () => {
    if (step === STEP.check) dispatch({ type: "checked" });
    else dispatch({ type: "next", needsWhatsAppSender: channel === "whatsapp" });
  };
  const nextDisabled =
    (step === STEP.ingest && state.ingest !== "ready") ||
    (step === STEP.check && (Boolean(startProblem(c.preCheck)) || !mayStart));

  return (
    <>
      <PageHeader description={description} />
      <Card>
        <Steps
          current={step}
          items={items}
          size="small"
          onChange={(i) => dispatch({ type: "goto", step: i as StepIndex })}
          style={{ marginBottom: 24 }}
        />
        {Object.keys(state.errors).length > 0 && step < STEP.audience && (
          <Alert type="error" showIcon message="Fix the marked fields to go on" style={{ marginBottom: 16 }} />
        )}
        {step === STEP.template && <TemplateStep source={source} state={state} dispatch={dispatch} />}
        {step === STEP.variables && (
          <VariablesStep
            template={template}
            state={state}
            dispatch={dispatch}
            dltRoute={source.dltRoute}
            trackable={channel !== "whatsapp"}
          />
        )}
        {step === STEP.audience && (
          <AudienceStep
            state={state}
            dispatch={dispatch}
            extra={
              isFailoverChannel(channel) ? (
                <FailoverFields channel={channel} state={state} dispatch={dispatch} />
              ) : undefined
            }
            upload={c.upload}
            creating={c.creating}
            createError={c.createError}
            onSubmit={() => void c.submit()}
          />
        )}
        {step === STEP.ingest && (
          <IngestStep
            report={c.report}
            phase={state.ingest}
            error={c.reportError}
            busy={c.busy}
            onDownload={() => void c.downloadRejected().catch(() => undefined)}
            onFix={() => dispatch({ type: "reopen" })}
            onDiscard={() => void c.discard().catch(() => undefined)}
          />
        )}
        {step === STEP.check && (
          <>
            {!mayStart && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                message="A user or manager of your organization starts this campaign."
              />
            )}
            <CheckStep
              check={c.preCheck}
              loading={c.checkLoading}
              error={c.checkError}
              onRetry={c.recheck}
              onTestSend={c.testSend}
              onDownload={() => void c.downloadRejected().catch(() => undefined)}
            />
          </>
        )}
        {step === STEP.confirm && (
          <ConfirmStep
            name={state.draft.name}
            check={c.preCheck}
            busy={c.busy}
            onStart={c.start}
            onSchedule={c.schedule}
          />
        )}
        <Flex justify="space-between" style={{ marginTop: 24 }}>
          <Button onClick={() => dispatch({ type: "back" })} disabled={step === 0 || (locked && step <= STEP.ingest)}>
            Back
          </Button>
          {step !== STEP.audience && step !== STEP.confirm && (
            <Button type="primary" onClick={next} disabled={nextDisabled}>
              Next
            </Button>
          )}
        </Flex>
      </Card>
    </>
  );
}
