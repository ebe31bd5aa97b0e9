// The only place that knows socket.io: the hub, the origin check of its handshake and the room names.
export { attachRealtime, originAllowed, userRoom } from "./hub";
