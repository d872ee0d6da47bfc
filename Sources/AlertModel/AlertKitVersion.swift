/// The version of AlertKit this is: what `alertkit --version` prints, the heading in CHANGELOG.md and the git tag a
/// package pins (`.package(url: "…/AlertKit", from: "0.4.0")`). Semantic versioning.
public enum AlertKitVersion {
    /// `MAJOR.MINOR.PATCH`.
    public static let current = "0.4.0"
}
