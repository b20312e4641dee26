#include "tensor/read_error.hpp"

#include "common/error.hpp"

namespace msprobe::tensor {

std::string_view failure_code(ReadFailure failure) {
    switch (failure) {
        case ReadFailure::Io: return "E_IO";
        case ReadFailure::Security: return "E_SECURITY";
        case ReadFailure::BadMagic: return "E_BAD_MAGIC";
        case ReadFailure::BadHeader: return "E_BAD_HEADER";
        case ReadFailure::Truncated: return "E_TRUNCATED";
        case ReadFailure::Parse: return "E_PARSE";
        case ReadFailure::Schema: return "E_SCHEMA";
        case ReadFailure::Corrupt: return "E_CORRUPT";
        case ReadFailure::Unsupported: return "E_UNSUPPORTED";
        case ReadFailure::Limit: return "E_LIMIT";
        case ReadFailure::SizeMismatch: return "E_SIZE_MISMATCH";
        case ReadFailure::UnsupportedDtype: return "E_UNSUPPORTED_DTYPE";
        case ReadFailure::BadName: return "E_BAD_NAME";
        case ReadFailure::ShapeMismatch: return "E_SHAPE_MISMATCH";
    }
    return "E_UNKNOWN";
}

void fail(const std::string& file, ReadFailure failure, const std::string& reason) {
    throw Error(file, std::string(failure_code(failure)) + ": " + reason);
}

}  // namespace msprobe::tensor
