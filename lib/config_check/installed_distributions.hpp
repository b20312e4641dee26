#pragma once
// The `pip` item of a pack: one "Name=version" line per installed Python distribution, as msprobe writes it from
// importlib.metadata.distributions(), found here without Python: the *.dist-info/METADATA and *.egg-info
// (PKG-INFO, or the file itself) of the folders the interpreter would search, in the order it would search them
// (PYTHONPATH, then the site folders of $VIRTUAL_ENV, $CONDA_PREFIX, the user's ~/.local, /usr/local and /usr).
// Within a folder, entries are taken by name (Python takes the file system's order), grouped by distribution.
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::config_check {

// The folders searched, each once, in order, from the given environment values ("" when unset).
struct PythonSearchEnvironment {
    std::string pythonpath, virtual_env, conda_prefix, home;
    std::filesystem::path root = "/";  // where /usr lives (tests point it elsewhere)
};
std::vector<std::filesystem::path> python_search_folders(const PythonSearchEnvironment& environment);

// The text of the pip item for these folders: "Name=version\n" per distribution that has metadata.
std::string installed_distributions_text(const std::vector<std::filesystem::path>& folders);

// The environment of this process.
PythonSearchEnvironment this_process_python_environment();

}  // namespace msprobe::config_check
