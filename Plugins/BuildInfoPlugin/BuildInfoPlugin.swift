import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` with the git commit the binary is built from, before every build.
///
/// A prebuild command rather than a checked-in file, because a commit can't name itself. It runs `/bin/sh`
/// (never a tool built from source), writes the file only when the text changes so unchanged builds stay
/// incremental, and falls back to "unknown" without git or without `.git` (a source tarball, a Docker copy).
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = #"""
            mkdir -p "$2"
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
            if [ "$commit" != unknown ] && ! git -C "$1" diff --quiet HEAD -- 2>/dev/null; then commit="$commit-dirty"; fi
            printf '/// The git commit this binary was built from ("unknown" without git), written by BuildInfoPlugin.\nenum BuildCommit {\n    /// The short commit hash, with "-dirty" when the tree had uncommitted changes.\n    static let hash = "%s"\n}\n' "$commit" > "$2/BuildCommit.swift.new"
            if cmp -s "$2/BuildCommit.swift.new" "$2/BuildCommit.swift"; then rm "$2/BuildCommit.swift.new"; else mv "$2/BuildCommit.swift.new" "$2/BuildCommit.swift"; fi
            """#
        return [
            .prebuildCommand(
                displayName: "Recording the git commit for wardrobe --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output),
        ]
    }
}
