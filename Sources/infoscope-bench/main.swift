import PlistCore
