// The Broadcaster of one table in this process: its viewers (sockets, bots), each frame built for
// its viewer by the one per-viewer door (frameFor). A broadcast builds each distinct frame once (one
// per viewKey) and serialises it once for the sockets that take bytes. A viewer that throws is
// logged, never fatal.
import type { TableViewer } from '../tableLayer.js';
import type { Broadcaster } from './ports.js';
import type { TableServerMessage } from '@tenger/protocol';
import { frameFor, viewKey, type Outgoing } from './viewerDoor.js';

export class ViewerSet implements Broadcaster {
  private readonly viewers = new Set<TableViewer>();

  constructor(private readonly onSendError: (error: unknown) => void) {}

  add(viewer: TableViewer): void {
    this.viewers.add(viewer);
  }

  remove(viewer: TableViewer): boolean {
    return this.viewers.delete(viewer);
  }

  has(viewer: TableViewer): boolean {
    return this.viewers.has(viewer);
  }

  isConnected(userId: number): boolean {
    for (const viewer of this.viewers) if (viewer.userId === userId) return true;
    return false;
  }

  /** Every frame leaves through here, built by the one per-viewer door. */
  send(viewer: TableViewer, outgoing: Outgoing): void {
    try {
      viewer.send(frameFor(viewer, outgoing));
    } catch (error) {
      this.onSendError(error);
    }
  }

  sendToUser(userId: number, outgoing: () => Outgoing): void {
    for (const viewer of this.viewers) if (viewer.userId === userId) this.send(viewer, outgoing());
  }

  broadcast(outgoing: Outgoing): void {
    const built = new Map<string, { message: TableServerMessage; encoded?: Buffer }>();
    for (const viewer of this.viewers) {
      const key = viewKey(viewer, outgoing);
      if (key === null) {
        this.send(viewer, outgoing);
        continue;
      }
      try {
        let frame = built.get(key);
        if (!frame) built.set(key, (frame = { message: frameFor(viewer, outgoing) }));
        if (viewer.sendEncoded)
          viewer.sendEncoded(frame.message, (frame.encoded ??= Buffer.from(JSON.stringify(frame.message))));
        else viewer.send(frame.message);
      } catch (error) {
        this.onSendError(error);
      }
    }
  }
}
