#pragma once
// Several sums over the same elements in one traversal, each in NumPy's
// pairwise order (numpy_sum.hpp): the tree only depends on the element
// count, so K sums walk it together. A kernel gives the K values of one
// element (one) or of eight in a row (block8, written so the compiler
// vectorizes it); the eight running sums of a block are the eight lanes.
#include <array>
#include <cstddef>

namespace msprobe::kernel_dump_compare {

template <class T, std::size_t K, class Kernel>
std::array<T, K> pairwise_sums(const Kernel& kernel, std::size_t begin, std::size_t n) {
    std::array<T, K> sums;
    if (n < 8) {
        sums.fill(static_cast<T>(-0.0));
        for (std::size_t i = 0; i < n; ++i) {
            T v[K];
            kernel.one(begin + i, v);
            for (std::size_t k = 0; k < K; ++k) sums[k] += v[k];
        }
        return sums;
    }
    if (n <= 128) {
        T r[K][8];
        kernel.block8(begin, r);
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            T v[K][8];
            kernel.block8(begin + i, v);
            for (std::size_t k = 0; k < K; ++k) {
                for (std::size_t j = 0; j < 8; ++j) r[k][j] += v[k][j];
            }
        }
        for (std::size_t k = 0; k < K; ++k) {
            sums[k] = ((r[k][0] + r[k][1]) + (r[k][2] + r[k][3])) + ((r[k][4] + r[k][5]) + (r[k][6] + r[k][7]));
        }
        for (; i < n; ++i) {
            T v[K];
            kernel.one(begin + i, v);
            for (std::size_t k = 0; k < K; ++k) sums[k] += v[k];
        }
        return sums;
    }
    std::size_t half = n / 2;
    half -= half % 8;
    const auto left = pairwise_sums<T, K>(kernel, begin, half);
    const auto right = pairwise_sums<T, K>(kernel, begin + half, n - half);
    for (std::size_t k = 0; k < K; ++k) sums[k] = left[k] + right[k];
    return sums;
}

// np.add.reduce's order (numpy_sum.hpp numpy_sum) for K sums at once.
template <class T, std::size_t K, class Kernel>
std::array<T, K> numpy_sums(const Kernel& kernel, std::size_t n) {
    constexpr std::size_t kBuffer = 8192;
    std::array<T, K> sums{};
    for (std::size_t begin = 0; begin < n; begin += kBuffer) {
        const auto part = pairwise_sums<T, K>(kernel, begin, n - begin < kBuffer ? n - begin : kBuffer);
        for (std::size_t k = 0; k < K; ++k) sums[k] += part[k];
    }
    return sums;
}

}  // namespace msprobe::kernel_dump_compare
