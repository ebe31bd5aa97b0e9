/** A carrier refused a media file (type, size, channel): the message is the provider's reason, fit to show. */
export class MediaRefused extends Error {
  override readonly name = "MediaRefused";
}
