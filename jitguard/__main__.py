import sys

from jitguard.cli import main

sys.exit(main())
