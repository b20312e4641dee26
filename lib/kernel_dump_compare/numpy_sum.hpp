#pragma once
// NumPy's summation order, so sums of float32 arrays round as msaccucmp's do:
// its metrics print six decimals of float32 sums, and a plain left-to-right
// sum differs from NumPy's pairwise one in the last bits of large tensors.
//
// pairwise_sum is numpy's `pairwise_sum` (blocks of 128, eight running sums
// inside a block). A reduction (`np.sum`, `np.add.reduce`, `np.mean`, the
// norm) never hands it more than the iterator's buffer: chunks of 8192
// elements, each summed pairwise onto the running total from 0 (numpy_sum),
// whether or not the reduction casts.
#include <cstddef>

namespace msprobe::kernel_dump_compare {

// Sum of value(i) for i in [begin, begin + n), accumulated in T.
template <class T, class Value>
T pairwise_sum(const Value& value, std::size_t begin, std::size_t n) {
    if (n < 8) {
        T sum = static_cast<T>(-0.0);  // numpy starts from -0.0, so a sum of -0.0 stays -0.0
        for (std::size_t i = 0; i < n; ++i) sum += value(begin + i);
        return sum;
    }
    if (n <= 128) {
        T r[8];
        for (std::size_t j = 0; j < 8; ++j) r[j] = value(begin + j);
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (std::size_t j = 0; j < 8; ++j) r[j] += value(begin + i + j);
        }
        T sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) sum += value(begin + i);
        return sum;
    }
    std::size_t half = n / 2;
    half -= half % 8;
    return pairwise_sum<T>(value, begin, half) + pairwise_sum<T>(value, begin + half, n - half);
}

// np.add.reduce: 0, then each 8192-element chunk's pairwise sum added in turn.
template <class T, class Value>
T numpy_sum(const Value& value, std::size_t n) {
    constexpr std::size_t kBuffer = 8192;
    T sum = 0;
    for (std::size_t begin = 0; begin < n; begin += kBuffer) {
        sum += pairwise_sum<T>(value, begin, n - begin < kBuffer ? n - begin : kBuffer);
    }
    return sum;
}

}  // namespace msprobe::kernel_dump_compare
