#pragma once
// The kernel compare's BIN mode: a (rank, step) directory of CANN kernel
// dump files (no extension, named OPTYPE.OPNAME.TASK.STREAM.TS[...], short
// names resolved through mapping.csv) instead of the .npy files MindSpore
// converts them to. Each input and output of an op becomes one tensor with
// the key NPY mode would give it (op_name.task_id.io.slot) and the values the
// .npy file would hold (logical layout; bfloat16 widened to float32, as
// MindSpore saves it, since NumPy has no bfloat16).
//
// Several files of one op (after dropping a trailing "_lxslice<N>" and any
// prefix up to "sgt_graph_<N>_"): an ordinary op keeps its last file by time
// stamp; the slices of an FFTS+ split op are ordered by time stamp and thread
// (or slice number) and their outputs are joined along each output's first
// cut axis; inputs come from the first slice.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tensor/bin_dump_name.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::static_graph {

// One row's tensor: small, since a file may list thousands (its name is made when asked for).
struct BinKernelTensor {
    std::string key;             // op_name.task_id.io.slot
    std::uint64_t timestamp = 0;  // of the file that names the row
    bool output = false;
    std::size_t slot = 0;
    // One dump, or the slices of an FFTS+ op in merge order; the first names the row.
    std::vector<std::shared_ptr<const tensor::BinDump>> dumps;

    std::string name() const;  // <dump file path>.<input|output>.<slot>
};

// The op name a file's name field stands for: without a trailing
// "_lxslice<N>" and without everything up to the last "sgt_graph_<N>_";
// nullopt when "_lxslice" remains (an unsplit manual slice name).
std::optional<std::string> normalised_kernel_op_name(std::string_view op_name);

// Whether `file`'s name (after mapping.csv) follows the kernel dump grammar
// and is not an op-debug (overflow) file; `names` serves the whole listing.
bool is_kernel_dump_name(const std::filesystem::path& file, tensor::DumpNameResolver& names,
                         std::vector<std::string>& warnings);

// The tensors of `files` (kernel dump files of one directory), every file
// read through read_bin_dump: a file that cannot be read throws its
// msprobe::Error.
std::vector<BinKernelTensor> bin_kernel_tensors(const std::vector<std::filesystem::path>& files);

// The values NPY mode would have read for the tensor. Throws msprobe::Error
// for a tensor that cannot be decoded or converted.
tensor::TensorView bin_kernel_values(const BinKernelTensor& tensor);

}  // namespace msprobe::static_graph
