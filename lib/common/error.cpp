#include "common/error.hpp"

namespace msprobe {

namespace {
std::string compose(const std::string& file, const std::string& reason) {
    return file.empty() ? reason : file + ": " + reason;
}
}  // namespace

Error::Error(std::string file, std::string reason, int exit_code)
    : std::runtime_error(compose(file, reason)),
      file_(std::move(file)),
      reason_(std::move(reason)),
      exit_code_(exit_code) {}

}  // namespace msprobe
