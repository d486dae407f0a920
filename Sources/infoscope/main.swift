import PlistCLI
