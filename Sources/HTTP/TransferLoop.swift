internal import CCurl
import Synchronization

/// The one thread that drives every transfer of a client through libcurl's multi interface.
///
/// Callers never touch the multi handle: they queue work here and wake the thread
/// with `curl_multi_wakeup`; the thread adds, cancels, performs and completes transfers.
final class TransferLoop: Sendable {
    private let multi: CurlMulti
    private let queue = Mutex(Queue())

    init(idleConnections: Int) {
        multi = CurlMulti(idleConnections: idleConnections)
    }

    private struct Queue {
        var additions: [Transfer] = []
        var cancellations: [Transfer] = []
        var stopping = false
    }

    /// Starts the loop thread; it runs until `stop()`.
    func start() {
        DedicatedThread.detach { [self] in run() }
    }

    /// Queues a transfer to be added to the multi handle; a stopped loop fails it as cancelled.
    func submit(_ transfer: Transfer) {
        let accepted = queue.withLock { queue in
            if !queue.stopping { queue.additions.append(transfer) }
            return !queue.stopping
        }
        if accepted { multi.wakeup() } else { transfer.finish(.failure(.cancelled)) }
    }

    /// Asks the loop to abort a transfer and fail it as cancelled.
    func cancel(_ transfer: Transfer) {
        queue.withLock { $0.cancellations.append(transfer) }
        multi.wakeup()
    }

    /// Makes the thread fail everything still running as cancelled and exit.
    func stop() {
        queue.withLock { $0.stopping = true }
        multi.wakeup()
    }

    private func run() {
        // Owned by this thread only: the transfers whose handles are in the multi handle.
        var active: [UnsafeMutableRawPointer: Transfer] = [:]
        while true {
            let work = queue.withLock { queue in
                defer { queue.additions = []; queue.cancellations = [] }
                return queue
            }
            for transfer in work.additions {
                if transfer.isCancelled || work.stopping {
                    transfer.finish(.failure(.cancelled))
                } else if curl_multi_add_handle(multi.handle, transfer.easy.handle) == CURLM_OK {
                    active[transfer.easy.handle] = transfer
                } else {
                    transfer.finish(.failure(.transport(code: -1, text: "curl_multi_add_handle failed")))
                }
            }
            let aborted = work.stopping ? Array(active.values) : work.cancellations
            for transfer in aborted {
                // Handles are reused (see `HandlePool`): a late cancellation of a finished transfer must not
                // remove the next transfer that got its handle.
                if let current = active[transfer.easy.handle], current === transfer {
                    active.removeValue(forKey: transfer.easy.handle)
                    curl_multi_remove_handle(multi.handle, transfer.easy.handle)
                }
                transfer.finish(.failure(.cancelled))
            }
            if work.stopping { return }

            var running: Int32 = 0
            _ = curl_multi_perform(multi.handle, &running)
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(multi.handle, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                curl_multi_remove_handle(multi.handle, handle)
                active.removeValue(forKey: handle)?.complete(code)
            }
            // Returns early on socket activity, on libcurl's own timers, or on curl_multi_wakeup.
            _ = curl_multi_poll(multi.handle, nil, 0, 1000, nil)
        }
    }
}
