#pragma once
// The dump data of one op on one side: its latest file, or for FFTS+ ops the
// slices of all its threads put back together (dump_parse/ffts_parser.py).
#include "kernel_dump_compare/dump_folder.hpp"
#include "kernel_dump_compare/dump_tensor.hpp"

namespace msprobe::kernel_dump_compare {

struct OpDump {
    DumpFileTensors data;
    std::string shown_path;       // the path rows and messages name (FFTS+: the first file's fields and ".*")
    bool slices_complete = true;  // FFTS+: as many files as threads (msaccucmp's ffts_file_check)
};

// Throws msprobe::Error naming the file that cannot be read.
OpDump read_op_dump(const OpFiles& files, DumpKind kind, const ReadPolicy& policy = {});

}  // namespace msprobe::kernel_dump_compare
