import Foundation
import PlistCLI
import PlistCurses
import PlistUI

// Headless commands run and exit here; `infoscope PATH` and `--demo` on a terminal open the
// inspector (CLI.plan decides, and prints the lint report instead when stdout is no terminal).
switch CLI.plan(Array(CommandLine.arguments.dropFirst())) {
case .exit(let status):
  exit(status)
case .interactive(let bundle, let options):
  // The inspector runs on a large stack (documents nest up to 100,000 levels), with the
  // terminal's signals routed to it; this thread waits.
  CursesTerminal.onLargeStack { () throws(Never) -> Void in
    let title: String
    switch options.source {
    case .demo: title = "demo: " + bundle.inputPath
    case .path(let path): title = path
    }
    let environment = ProcessInfo.processInfo.environment
    let loader = ThemeLoader()
    func theme(colors: Int) throws(ThemeError) -> ThemeLoader.Resolution {
      try loader.resolution(
        requested: options.theme, environment: environment, colorCount: colors,
        executablePath: ThemeLoader.currentExecutablePath())
    }
    do {
      // A wrong --theme is reported before the screen changes.
      _ = try theme(colors: 256)
    } catch {
      // An error about a theme file starts with the file; any other with the program's name.
      let text = "\(error)"
      FileHandle.standardError.write(
        Data(((text.hasPrefix("error:") ? "infoscope: " : "") + text + "\n").utf8))
      exit(ExitStatus.usage.rawValue)
    }
    var session = Session(title: title, bundle: bundle)
    session.isInMemory = options.source == .demo
    session.keepRecoveryFiles(environment: environment)
    do throws(CursesError<ThemeError>) {
      let ending = try CursesTerminal.run { (terminal) throws(ThemeError) -> Inspector.Ending in
        let resolution = try theme(colors: terminal.colorCount)
        var state = AppState(session: session, size: terminal.size)
        if let note = resolution.note { state.show(StatusMessage(note)) }
        return Inspector.run(state, theme: resolution.theme, on: terminal).0
      }
      if ending == .interrupted {
        // Ctrl-C with nothing unsaved: die of SIGINT, the terminal restored, as a shell
        // expects (raised on this thread, where SIGINT is not blocked).
        signal(SIGINT, SIG_DFL)
        raise(SIGINT)
      }
    } catch {
      switch error {
      case .cannotStart(let reason):
        FileHandle.standardError.write(
          Data(
            "infoscope: cannot start the inspector (\(reason)); the lint report follows\n".utf8))
        exit(CLI.lintReport(bundle))
      case .body(let error):
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(ExitStatus.usage.rawValue)
      }
    }
    // The process ends here, on the large stack: returning would release the bundle's trees
    // on the main thread, whose stack a tree 100,000 levels deep overflows.
    exit(ExitStatus.success.rawValue)
  }
}
