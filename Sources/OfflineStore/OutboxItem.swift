public import RepoFinderClient
public import RepoFinderCore

/// One entry of the outbox, in the order it was made.
public struct OutboxItem: Hashable, Sendable {
    /// What to tell the server.
    public enum Operation: String, Hashable, Sendable {
        /// Record the interaction.
        case record
        /// Withdraw the like, save or skip recorded with this id (an undo after it was already sent).
        case withdraw
        /// Take the repository off the liked list (the interaction's kind is `like`) or the saved list (`save`):
        /// an unlike or an unsave.
        case unlist
    }

    /// Position in the queue.
    public var sequence: Int64
    public var operation: Operation
    /// The interaction (for a withdrawal, the one it withdraws).
    public var interaction: Interaction

    public init(sequence: Int64, operation: Operation, interaction: Interaction) {
        self.sequence = sequence
        self.operation = operation
        self.interaction = interaction
    }
}

/// What one flush did.
public struct FlushReport: Hashable, Sendable {
    /// Interactions the server stored now.
    public var accepted = 0
    /// Interactions the server had already (sent before, their acknowledgement lost); not stored twice.
    public var duplicates = 0
    /// Likes, saves and skips withdrawn on the server (undone after they were sent).
    public var withdrawn = 0
    /// Repositories taken off a list on the server (unliked, unsaved).
    public var unlisted = 0
    /// Items the server refused as invalid (an unknown repository, say), with its reason; they were dropped so the
    /// rest could go.
    public var dropped: [Dropped] = []
    /// Why the flush stopped early (no connection, rate limited…); what is left stays queued.
    public var stoppedBy: ClientFailure?
    /// Items still queued afterwards.
    public var remaining = 0
    /// What became of the analytics events (sent after the interactions; never the person's concern).
    public var events = Events()

    public init() {}

    /// What one flush did with the analytics events.
    public struct Events: Hashable, Sendable {
        /// Stored by the server now.
        public var accepted = 0
        /// Stored before (sent again after a lost acknowledgement); not stored twice.
        public var duplicates = 0
        /// Dropped by the server because the person turned analytics off (on another device, say).
        public var ignored = 0
        /// Dropped here: refused by the server as invalid, or waiting when the person turned analytics off.
        public var dropped = 0
        /// The server's reason for the last event it refused.
        public var lastRefusal: String?
        /// Why sending them stopped early (no connection, rate limited…); what is left stays queued.
        public var stoppedBy: ClientFailure?
        /// Events still queued afterwards.
        public var remaining = 0

        public init() {}
    }

    /// An item the server refused.
    public struct Dropped: Hashable, Sendable {
        public var item: OutboxItem
        public var reason: String
    }
}

/// What undoing a like, save or skip did.
public enum Undo: Hashable, Sendable {
    /// It had not been sent yet: it was taken out of the queue.
    case removedBeforeSending
    /// It had been sent: its withdrawal is queued.
    case withdrawalQueued
}
