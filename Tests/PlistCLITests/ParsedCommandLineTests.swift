import Testing

@testable import PlistCLI

/// The one parse step every command's options go through, on a command of its own.
@Suite struct ParsedCommandLineTests {
  enum Mode: String { case fast, slow }

  static let flag = OptionSpec(["-f", "--flag"], help: "a flag")
  static let name = OptionSpec(["-n", "--name"], value: "N", help: "any value, once")
  static let tag = OptionSpec(["--tag"], value: "T", repeatable: true, help: "every value kept")
  static let mode = OptionSpec(
    ["--mode"], value: "M", choices: ["fast", "slow"], aliases: ["quick": "fast"],
    lastWins: true, refusal: .unknown("mode"), help: "a choice, the last one counting")
  static let kind = OptionSpec(
    ["--kind"], value: "K", choices: ["a", "b", "c"], refusal: .takes, help: "a choice")
  static let list = OptionSpec(
    ["--list"], value: "L[,L]", choices: ["iOS", "macOS"], commaSeparated: true,
    refusal: .message { value, expected in "no \(value) here; \(expected)" }, help: "choices")
  static let path = OptionSpec(
    ["--path"], value: "P", missing: "--path needs a file", help: "its own missing message")
  static let options = [flag, name, tag, mode, kind, list, path]
  static let spec = CommandSpec(
    "try", .lint, usage: "", summary: "", discussion: "", options: options)

  /// `arguments` parsed as `try`'s, or as the unnamed command's (the inspector's) for `named`
  /// false, or with negative numbers as operands.
  static func parse(
    _ arguments: [String], named: Bool = true, numbers: Bool = false
  ) throws(UsageError) -> ParsedCommandLine {
    var spec = Self.spec
    if !named { spec.name = "" }
    spec.negativeNumbersAreOperands = numbers
    return try ParsedCommandLine(spec, arguments)
  }

  /// The message of the usage error `arguments` make, checking that it shows `try`'s usage.
  static func refusal(_ arguments: [String]) -> String? {
    let error = #expect(throws: UsageError.self) { try Self.parse(arguments) }
    #expect(error?.subcommand == .lint)
    return error?.message
  }

  @Test func takesAValueAsTheNextArgumentAfterEqualsOrAfterAShortName() throws {
    for (arguments, value) in [
      (["--name", "x"], "x"), (["--name=x=y"], "x=y"), (["-n", "x"], "x"),
      (["--name", "-x"], "-x"),
    ] {
      let line = try Self.parse(arguments)
      #expect(line.value(Self.name) == value)
      #expect(line.operands.isEmpty)
    }
    #expect(try Self.parse(["--name="]).value(Self.name) == "")
    #expect(try Self.parse(["--name", "--flag"]).has(Self.flag) == false)
    #expect(try Self.parse(["op"]).value(Self.name) == nil)
    // A short name takes its value as the next argument only.
    // A value joined to a short name is refused, saying how to give it (a tester's `-txml`).
    #expect(Self.refusal(["-nx"]) == "unknown option '-nx' for try; give -n's value apart: -n x")
    #expect(Self.refusal(["-n=x"]) == "unknown option '-n=x' for try; give -n's value apart: -n x")
  }

  @Test func aFlagTakesNoValueAndMayBeRepeated() throws {
    let line = try Self.parse(["-f", "a", "--flag", "b"])
    #expect(line.has(Self.flag))
    #expect(line.operands == ["a", "b"])
    #expect(!(try Self.parse(["a"])).has(Self.flag))
    #expect(Self.refusal(["--flag=yes"]) == "unknown option '--flag=yes' for try")
  }

  @Test func aRepeatableOptionKeepsEveryValueAndAnotherIsGivenOnce() throws {
    #expect(try Self.parse(["--tag", "a", "--tag=b"]).values(Self.tag) == ["a", "b"])
    #expect(Self.refusal(["--name", "a", "--name", "b"]) == "--name is given twice")
    #expect(Self.refusal(["-n", "a", "--name", "b"]) == "--name is given twice")
    #expect(Self.refusal(["--name", "a", "-n", "b"]) == "-n is given twice")
    #expect(try Self.parse(["--mode", "fast", "--mode", "slow"]).value(Self.mode) == "slow")
    #expect(try Self.parse(["--mode", "fast", "--mode", "slow"]).values(Self.mode).count == 2)
  }

  @Test func anUndeclaredOptionIsRefusedBeforeAnythingElse() {
    #expect(Self.refusal(["--nope"]) == "unknown option '--nope' for try")
    #expect(Self.refusal(["--nope=1"]) == "unknown option '--nope=1' for try")
    #expect(Self.refusal(["-5"]) == "unknown option '-5' for try")
    #expect(
      Self.refusal(["--name", "a", "--name", "b", "--nope"]) == "unknown option '--nope' for try")
    #expect(Self.refusal(["-h", "--nope"]) == "unknown option '--nope' for try")
    #expect(Self.refusal(["--help=1"]) == "unknown option '--help=1' for try")
    let error = #expect(throws: UsageError.self) { try Self.parse(["--nope"], named: false) }
    #expect(error == UsageError("unknown option '--nope'", subcommand: .lint))
  }

  @Test func aMissingValueIsSaidAsTheOptionDeclares() {
    #expect(Self.refusal(["--name"]) == "--name needs a value")
    #expect(Self.refusal(["-n"]) == "-n needs a value")
    #expect(Self.refusal(["--kind"]) == "--kind takes a, b or c")
    #expect(Self.refusal(["--path"]) == "--path needs a file")
  }

  @Test func doubleDashEndsTheOptionsAndADashIsAnOperand() throws {
    let line = try Self.parse(["-", "--flag", "--", "--name", "-h", "--nope", "-"])
    #expect(line.operands == ["-", "--name", "-h", "--nope", "-"])
    #expect(line.has(Self.flag))
    #expect(!line.helpRequested)
    #expect(try Self.parse(["--name", "--"]).value(Self.name) == "--")
  }

  @Test func aNegativeNumberIsAnOperandWhereTheCommandSaysSo() throws {
    let line = try Self.parse(["-5", "-0.5", "-.5", "-inf", "-1e3"], numbers: true)
    #expect(line.operands == ["-5", "-0.5", "-.5", "-inf", "-1e3"])
    #expect(Self.refusal(["-.x"]) == "unknown option '-.x' for try")
    #expect(ParsedCommandLine.isNegativeNumber("-12"))
    #expect(!ParsedCommandLine.isNegativeNumber("-x"))
    #expect(!ParsedCommandLine.isNegativeNumber("-"))
  }

  @Test func aChoiceIsCheckedWithoutRegardToCaseAndReadAsItIsSpelled() throws {
    #expect(try Self.parse(["--mode", "SLOW"]).value(Self.mode) == "slow")
    #expect(try Self.parse(["--mode=Quick"]).value(Self.mode, as: Mode.self) == .fast)
    #expect(try Self.parse(["--kind", "B"]).value(Self.kind) == "b")
    #expect(Self.refusal(["--mode", "warp"]) == "unknown mode 'warp' (expected fast or slow)")
    #expect(Self.refusal(["--kind", "d"]) == "--kind takes a, b or c, not 'd'")
    // A value the option does not check goes through as it is.
    #expect(try Self.parse(["--name", "ANY"]).value(Self.name) == "ANY")
  }

  @Test func eachPartOfACommaSeparatedListIsAChoice() throws {
    let line = try Self.parse(["--list", "ios,,MACOS"])
    #expect(line.value(Self.list) == "iOS,macOS")
    #expect(line.values(Self.list) == ["iOS", "macOS"])
    #expect(try Self.parse(["--list="]).values(Self.list).isEmpty)
    #expect(Self.refusal(["--list", "iOS,tvOS"]) == "no tvOS here; iOS or macOS")
  }

  @Test func helpStopsTheChecksThatComeAfterIt() throws {
    #expect(try Self.parse(["-h"]).helpRequested)
    #expect(try Self.parse(["--kind", "b", "extra"]).helpRequested == false)
    #expect(try Self.parse(["--help", "--kind", "d", "--name", "a", "--name", "b"]).helpRequested)
    #expect(Self.refusal(["--kind", "d", "--help"]) == "--kind takes a, b or c, not 'd'")
    // `-h` as an option's value is the value.
    let line = try Self.parse(["--name", "-h"])
    #expect(!line.helpRequested)
    #expect(line.value(Self.name) == "-h")
  }
}
