"""What a test of rtab's PDF needs before it starts: the tools it reads the
PDF with, and an rtab built with cairo and pango. Without them it is skipped
(exit 77), unless RTAB_REQUIRE_TOOLS=1 (CI): then it fails."""
import shutil
import subprocess
import sys
import os


def require(tools, probe):
    """Exit unless every tool (name -> path or None) is there and the rtab
    command probe does not refuse PDF as not built in."""
    required = os.environ.get('RTAB_REQUIRE_TOOLS') == '1'
    missing = [name for name, path in tools.items() if not path]
    if missing:
        print('%s: %s is not installed' % ('FAIL' if required else 'SKIP', ', '.join(missing)))
        sys.exit(1 if required else 77)
    run = subprocess.run(probe, capture_output=True)
    if run.returncode == 2 and b'not built' in run.stderr:
        print('%s: this rtab is built without cairo and pango' % ('FAIL' if required else 'SKIP'))
        sys.exit(1 if required else 77)


def poppler():
    """pdftotext, pdfinfo and pdftoppm, by name: their paths or None."""
    return {t: shutil.which(t) for t in ('pdftotext', 'pdfinfo', 'pdftoppm')}
