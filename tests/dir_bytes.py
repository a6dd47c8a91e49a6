"""The files of a directory with their bytes, for tests that compare what a
verb wrote (rtab compile's outputs, rtab fmt's) before and after."""
import os


def dir_bytes(directory):
    """Every file of directory, by name, with its bytes."""
    found = {}
    for name in sorted(os.listdir(directory)):
        with open(os.path.join(directory, name), 'rb') as f:
            found[name] = f.read()
    return found
