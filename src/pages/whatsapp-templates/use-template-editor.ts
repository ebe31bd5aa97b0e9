import { useCreate, useInvalidate, useList, type HttpError } from "@refinedev/core";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { MSG, type WhatsAppTemplateRecord } from "../../../contract";
import { checkMedia, type MediaKind } from "../../../contract/domain/media";
import { variableCount, type TemplateIssue } from "../../../contract/domain/whatsapp-template";
import { EMPTY_DRAFT, issuesOf, toComponents, type TemplateDraft } from "./template-draft";

interface WabaOption {
  waba_id: string;
  name: string;
}

/** Which fields' messages are shown: a field's once it was edited, all of them after a first submit. */
type Touched = Set<string>;
const groupOf = (field: string) => field.split(".")[0];

/** State, live rules and submission of the WhatsApp template editor. */
export function useTemplateEditor() {
  const [draft, setDraft] = useState<TemplateDraft>(EMPTY_DRAFT);
  const [file, setFile] = useState<File | undefined>();
  const [touched, setTouched] = useState<Touched>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCreate<WhatsAppTemplateRecord, HttpError, FormData>();

  // The account's connected WABAs (the WhatsApp channel screen connects them).
  const wabaList = useList<WabaOption, HttpError>({
    resource: "wabas",
    pagination: { mode: "off" },
    errorNotification: false,
  });
  const wabas = wabaList.result.data;
  const wabaId = draft.wabaId || (wabas.length === 1 ? wabas[0].waba_id : "");

  const update = (patch: Partial<TemplateDraft>, group: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    setTouched((t) => new Set(t).add(group));
    setServerError(undefined);
  };

  const issues = useMemo(() => issuesOf(draft), [draft]);
  const mediaKind =
    draft.header === "NONE" || draft.header === "TEXT" ? undefined : (draft.header.toLowerCase() as MediaKind);
  const fileIssue = useMemo(() => {
    if (!mediaKind) return undefined;
    if (!file) return `Upload the header ${mediaKind}`;
    const verdict = checkMedia("whatsapp", file.type, file.size, mediaKind);
    return verdict.ok ? undefined : verdict.message;
  }, [file, mediaKind]);
  const allIssues: TemplateIssue[] = [
    ...(wabaId ? [] : [{ field: "waba_id", message: "Choose the WhatsApp Business Account" }]),
    ...issues,
    ...(fileIssue ? [{ field: "file", message: fileIssue }] : []),
  ];
  const issue = (field: string) => {
    const found = allIssues.find(
      (i) => i.field === field || (field === "body.example" && i.field.startsWith("body.example")),
    );
    return found && (submitted || touched.has(groupOf(field)) || touched.has(field)) ? found.message : undefined;
  };

  const submit = () => {
    setSubmitted(true);
    if (allIssues.length) return;
    const form = new FormData();
    form.append("waba_id", wabaId);
    form.append("name", draft.name);
    form.append("language", draft.language);
    form.append("category", draft.category);
    form.append("components", JSON.stringify(toComponents(draft)));
    if (mediaKind && file) form.append("file", file, file.name);
    mutate(
      {
        resource: "whatsapp-templates",
        values: form,
        successNotification: {
          type: "success",
          message: `Template ${draft.name} submitted for review`,
          description: "WhatsApp usually answers within a minute.",
        },
        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.createTemplate }),
      },
      {
        onSuccess: () => {
          void invalidate({ resource: "whatsapp-templates", invalidates: ["list"] });
          navigate("..", { relative: "path" });
        },
        onError: (err) => setServerError(err.message || MSG.createTemplate),
      },
    );
  };

  return {
    draft,
    update,
    file,
    setFile: (f?: File) => {
      setFile(f);
      setTouched((t) => new Set(t).add("file"));
    },
    wabas,
    wabasFailed: wabaList.query.isError,
    wabasLoading: wabaList.query.isLoading,
    wabaId,
    issue,
    issueCount: allIssues.length,
    submitted,
    submit,
    submitting: mutation.isPending,
    serverError,
    bodyVariables: variableCount(draft.body),
    headerVariables: variableCount(draft.headerText),
    mediaKind,
    cancel: () => navigate("..", { relative: "path" }),
  };
}
