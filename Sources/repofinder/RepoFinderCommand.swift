import ArgumentParser

/// `repofinder`: the RepoFinder command line.
struct RepoFinderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repofinder",
        abstract: "Discover GitHub repositories worth your time.",
        subcommands: [
            IngestCommand.self, SearchCommand.self, TrendingCommand.self, BenchCommand.self, StatsCommand.self,
            DeckCommand.self, SimilarCommand.self, AlternativesCommand.self, ClustersCommand.self, SyncCommand.self,
            EvalCommand.self,
            MigrateCommand.self, ServeCommand.self,
            RouteCommand.self, StarsCommand.self, DiscoverCommand.self, ImportStarsCommand.self, LoginCommand.self,
            LogoutCommand.self, CompareCommand.self, AskCommand.self, BackupCommand.self, ReportCommand.self,
            ReplacesCommand.self, ListsCommand.self,
            MaintainerCommand.self,
        ]
    )
}
