import PlistCore
import Testing

@testable import PlistCLI

/// The command lines of `get`, `set`, `remove` and `rename`, and their help.
@Suite struct EditArgumentsTests {
  @Test func parsesEditCommandLines() throws {
    let path = try KeyPath(parsing: "A.B[0]")
    #expect(
      try Arguments.parse(["set", "f", "A.B[0]", "-5", "--type", "int", "--dry-run"])
        == .edit(
          EditOptions(
            input: "f", action: .set(path, value: "-5", type: .integer), dryRun: true)))
    #expect(
      try Arguments.parse(["set", "f", "A.B[0]", "--type", "array", "--format", "binary"])
        == .edit(
          EditOptions(input: "f", action: .set(path, value: nil, type: .array), format: .binary)))
    #expect(
      try Arguments.parse(["set", "f", "--", "A.B[0]", "-x"])
        == .edit(EditOptions(input: "f", action: .set(path, value: "-x", type: nil))))
    #expect(
      try Arguments.parse(["rename", "f", "A.B[0]", "C"])
        == .edit(EditOptions(input: "f", action: .rename(path, to: "C"))))
    #expect(
      try Arguments.parse(["get", "App.ipa", "--file", "x", "A.B[0]"])
        == .get(GetOptions(input: "App.ipa", keyPath: path, format: .raw, file: "x")))
    #expect(try Arguments.parse(["remove", "--help"]) == .help(.remove))
  }

  @Test(arguments: [
    (["set", "f", "K"], "set needs a VALUE", Subcommand.set),
    (["set", "f"], "set needs a KEYPATH", .set),
    (
      ["set", "f", "K", "v", "--type", "list"],
      "--type takes string, integer, real, boolean, date, data, array or dictionary, not 'list'",
      .set
    ),
    (
      ["set", "f", "K", "v", "--type", "array"],
      "--type array makes an empty array; give no VALUE, then set its items one by one", .set
    ),
    (["set", "f", "K", "v", "--format", "json"], "--format takes xml or binary, not 'json'", .set),
    (["remove", "f", "K", "extra"], "unexpected argument 'extra'", .remove),
    (["remove", "f", "K", "--type", "string"], "unknown option '--type' for remove", .remove),
    (["rename", "f", "K"], "rename needs a NEWKEY", .rename),
    (["get", "f"], "get needs a KEYPATH", .get),
    (["get", "f", "K", "--format", "yaml"], "--format takes raw, xml or json, not 'yaml'", .get),
    (
      ["get", "f", "A[x]"], "invalid key path 'A[x]' at column 3: expected an index after '['",
      .get
    ),
  ])
  func rejectsBadEditCommandLines(arguments: [String], message: String, subcommand: Subcommand) {
    #expect(throws: UsageError(message, subcommand: subcommand)) {
      try Arguments.parse(arguments)
    }
    let run = CLI.run(arguments, console: BufferConsole())
    #expect(run == 64)
  }

  @Test func helpNamesTheEditCommands() {
    let general = CLI.help(for: nil)
    for line in [
      "get PATH KEYPATH", "set FILE KEYPATH VALUE", "remove FILE KEYPATH",
      "rename FILE KEYPATH NEWKEY",
    ] {
      #expect(general.contains(line), "\(line)")
    }
    for subcommand in [Subcommand.get, .set, .remove, .rename] {
      let help = CLI.help(for: subcommand)
      #expect(help.hasPrefix("USAGE: infoscope \(subcommand.rawValue) "))
      #expect(help.contains("Exit status: 0 "))
      #expect(help.split(separator: "\n").allSatisfy { $0.count <= 92 })
    }
    #expect(CLI.help(for: .set).contains("binary file stays binary"))
  }
}
