import type { MediaUpload } from "../carrier";
import type { SandboxContext } from "./context";
import { notBuilt } from "./not-built";

export async function sandboxUploadMedia(_ctx: SandboxContext, _media: MediaUpload): Promise<{ handle: string }> {
  return notBuilt("media upload");
}
