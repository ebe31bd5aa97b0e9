// A "Send template" step (or a "Send with fallback" step's WhatsApp template) whose template has an image, video or
// document header must send a file with it:
// the step's own (headerMediaId) or the template's. The editor checks this live with the listed templates; the
// server checks it again on publish with the stored ones (and that the chosen file is the owner's, of the right kind).
import type { GraphProblem, WorkflowGraph } from "./workflow-graph";
import type { WaMediaFormat } from "./whatsapp-template";

/** What the check needs to know of each template of the name. */
export interface HeaderTemplateFacts {
  name: string;
  format: WaMediaFormat | undefined;
  /** The template has a file of its own to send (stored at submission, or a link from the provider). */
  ownFile: boolean;
}

/** The steps that send a WhatsApp template by name and may choose its header file. */
export const HEADER_MEDIA_STEPS: ReadonlySet<string> = new Set(["action.send_template", "action.send_fallback"]);

export const chooseHeaderMedia = (templateName: string) => `Choose the header media for template ${templateName}`;

/** A media-header template named by a step, when the step has chosen no file and the template has none of its own. */
export function headerMediaProblems(graph: WorkflowGraph, templates: readonly HeaderTemplateFacts[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  for (const node of graph.nodes) {
    if (!HEADER_MEDIA_STEPS.has(node.type)) continue;
    const name = typeof node.data.templateName === "string" ? node.data.templateName.trim() : "";
    const chosen = typeof node.data.headerMediaId === "string" && node.data.headerMediaId.trim() !== "";
    // A name made of variables is known only when the step runs; the send refuses then if it must.
    if (!name || chosen || name.includes("{{")) continue;
    if (templates.some((t) => t.name === name && t.format && !t.ownFile)) {
      problems.push({
        severity: "error",
        code: "missing-field",
        nodeId: node.id,
        field: "headerMediaId",
        message: chooseHeaderMedia(name),
      });
    }
  }
  return problems;
}
