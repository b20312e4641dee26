#pragma once
// Failures of the tensor-file readers. Every message carries an error class,
// so the reason reads "E_TRUNCATED: <what and where>"
// and the whole message "<file>: E_TRUNCATED: ...".
#include <string>
#include <string_view>

namespace msprobe::tensor {

enum class ReadFailure {
    Io,
    Security,
    BadMagic,
    BadHeader,
    Truncated,
    Parse,
    Schema,
    Corrupt,
    Unsupported,
    Limit,
    SizeMismatch,      // a blob does not hold what its header declares
    UnsupportedDtype,  // an element type no decoding is known for
    BadName,           // a file name outside its grammar
    ShapeMismatch,     // shapes that cannot belong together
};

std::string_view failure_code(ReadFailure failure);  // "E_TRUNCATED", ...

// Throws msprobe::Error(file, "<code>: <reason>").
[[noreturn]] void fail(const std::string& file, ReadFailure failure, const std::string& reason);

}  // namespace msprobe::tensor
