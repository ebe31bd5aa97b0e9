import { Type } from "./type";
import { UploadRow } from "./uploads";

/** The WhatsApp media uploads answer the provider's handle (what a template header or a message names) and our copy. */
export const WabaMediaReply = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ handle: Type.String(), upload: UploadRow }),
});
