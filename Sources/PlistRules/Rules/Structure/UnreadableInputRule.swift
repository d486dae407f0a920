import PlistBundle
import PlistCore

/// An input that does not hold what its kind promises, or whose entries infoscope skipped.
struct UnreadableInputRule: Rule {
  static let description = RuleDescription(
    identifier: "unreadable_input",
    name: "Unreadable Input",
    severity: .error,
    category: .structure,
    appliesTo: [.input],
    summary: "The input holds what its kind promises (an .ipa an app in Payload, an "
      + ".xcarchive an app in Products/Applications, a project its targets) and none of its "
      + "entries is skipped",
    rationale: """
      An `.ipa` is a ZIP archive with the app in `Payload/`, and an `.xcarchive` keeps it in
      `Products/Applications`: the layouts Xcode writes when it archives and exports an app
      for distribution (the page cited). When the input holds no such app, or an archive entry is skipped (a name that
      climbs out of the archive with `..` or is absolute, a link, an entry past the size
      limits), or a project's objects do not make the targets they name, there is less to
      check than the input claims. Passing such an input with no finding would be a silent
      pass, so each problem is an error, named at the entry or place it concerns. The other
      rules still check what was read.
      """,
    appleSource: AppleSource(
      title: "Distributing your app for beta testing and releases",
      url: "https://developer.apple.com/documentation/xcode/"
        + "distributing-your-app-for-beta-testing-and-releases"),
    nonTriggering: [RuleExample([:], role: .input)],
    triggering: [
      example(BundleError(.notFound, "the .ipa holds no Payload/*.app folder", path: "Payload")),
      example(
        BundleError(
          .unsafePath,
          "the entry name has a `..` component that would leave the archive; it is skipped",
          path: "../evil.txt")),
    ])

  /// An input whose structure has `problem`.
  static func example(_ problem: BundleError, line: Int = #line) -> RuleExample {
    var example = RuleExample([:], role: .input, expect: [""], severity: .error, line: line)
    example.readError = problem
    example.path = problem.path ?? ""
    return example
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let problem = subject.readError else { return [] }
    return [subject.finding(Self.description, at: .root, problem.message)]
  }
}
