#include "kernel_dump_compare/op_dump.hpp"

namespace msprobe::kernel_dump_compare {

OpDump read_op_dump(const OpFiles& files, DumpKind kind) {
    OpDump dump;
    const DumpFile& last = files.files.back();
    dump.data = kind == DumpKind::Offline ? read_kernel_dump(last.path) : read_golden_npy(last.path);
    dump.shown_path = last.path.string();
    return dump;
}

}  // namespace msprobe::kernel_dump_compare
