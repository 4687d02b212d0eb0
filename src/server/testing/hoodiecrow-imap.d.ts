// hoodiecrow-imap ships no types: only what the IMAP stand-in (imap-server.ts) uses of it.
declare module "hoodiecrow-imap" {
  import type { Server } from "node:net";

  export type HoodiecrowMessage = { uid: number; flags: string[]; raw: string; internaldate: string };
  export type HoodiecrowMailbox = { messages: HoodiecrowMessage[]; uidnext: number };
  export type HoodiecrowConnection = { socket: { destroy: () => void } | null };
  export type HoodiecrowParsed = { tag: string; command: string };
  export type HoodiecrowCommand = (connection: HoodiecrowConnection, parsed: HoodiecrowParsed, data: string, callback: () => void) => void;

  export type HoodiecrowOptions = {
    plugins?: string[];
    users?: Record<string, { password: string }>;
    storage?: Record<string, { messages?: unknown[] }>;
  };

  export type HoodiecrowServer = {
    server: Server;
    users: Record<string, { password: string }>;
    listen: (port: number, host: string, callback: () => void) => void;
    close: (callback?: () => void) => void;
    getMailbox: (path: string) => HoodiecrowMailbox | undefined;
    appendMessage: (mailbox: string, flags: string[], internaldate: Date, raw: string) => { message: HoodiecrowMessage };
    getCommandHandler: (command: string) => HoodiecrowCommand | false;
    setCommandHandler: (command: string, handler: HoodiecrowCommand) => void;
  };

  export default function hoodiecrow(options?: HoodiecrowOptions): HoodiecrowServer;
}
