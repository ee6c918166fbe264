/// <reference lib="webworker" />
import { fetchListInSlices, type ListMessage, type ListRequest } from './list-worker-core';

/** The worker behind lib/list-in-worker.ts (decision 031): one list, then it is ended. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ListRequest>) => {
  void fetchListInSlices(event.data, (message: ListMessage) => scope.postMessage(message));
};
