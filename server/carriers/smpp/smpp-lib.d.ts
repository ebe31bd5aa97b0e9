// Types for the `smpp` package (0.5, plain JavaScript): the part of its API the adapter and the stand-in use.
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { LookupFunction, Server as NetServer } from "node:net";

  export type PduFields = Record<string, unknown>;

  export interface PDU {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: PduFields): PDU;
  }

  type Respond = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    send(pdu: PDU, responseCallback?: Respond, sendCallback?: Respond): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    bind_transceiver(options: PduFields, responseCallback?: Respond): boolean;
    bind_transmitter(options: PduFields, responseCallback?: Respond): boolean;
    submit_sm(options: PduFields, responseCallback?: Respond): boolean;
    deliver_sm(options: PduFields, responseCallback?: Respond): boolean;
    enquire_link(options: PduFields, responseCallback?: Respond): boolean;
    unbind(options: PduFields, responseCallback?: Respond): boolean;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export interface TlvType {
    read(buffer: Buffer, offset: number, length: number): unknown;
  }

  export function createServer(options: PduFields, listener?: (session: Session) => void): Server;
  /** The options go to net.connect as they are (lib/smpp.js Session), so `lookup` decides the address connected to. */
  export function connect(
    options: { host: string; port: number; auto_enquire_link_period?: number; lookup?: LookupFunction },
    listener?: () => void,
  ): Session;
  export function addTLV(tag: string, options: { id: number; type: TlvType }): void;
  export const types: { tlv: { cstring: TlvType; string: TlvType } };
  export const errors: Record<string, number>;
  /**
   * The module itself. Node's ESM loader finds only some of this CommonJS module's names (not `types`), so what it
   * misses is read from the default export.
   */
  const smpp: { addTLV: typeof addTLV; types: typeof types };
  export default smpp;
}
