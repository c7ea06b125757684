/// SIMD arithmetic over float and int8 buffers, for embedding and for scoring many vectors per query.
public enum VectorMath {
    /// The dot product of two arrays (over the shorter length).
    @inlinable
    public static func dot(_ left: [Float], _ right: [Float]) -> Float {
        left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { right in dot(left, right) } }
    }

    /// The dot product of two buffers (over the shorter length): 16 lanes at a time, two accumulators.
    @inlinable
    public static func dot(_ left: UnsafeBufferPointer<Float>, _ right: UnsafeBufferPointer<Float>) -> Float {
        let count = min(left.count, right.count)
        guard count > 0, let a = left.baseAddress, let b = right.baseAddress else { return 0 }
        let rawA = UnsafeRawPointer(a)
        let rawB = UnsafeRawPointer(b)
        let stride = MemoryLayout<Float>.stride
        var first = SIMD16<Float>()
        var second = SIMD16<Float>()
        var index = 0
        while index + 32 <= count {
            first +=
                rawA.loadUnaligned(fromByteOffset: index * stride, as: SIMD16<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: index * stride, as: SIMD16<Float>.self)
            second +=
                rawA.loadUnaligned(fromByteOffset: (index + 16) * stride, as: SIMD16<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: (index + 16) * stride, as: SIMD16<Float>.self)
            index += 32
        }
        var total = (first + second).sum()
        while index < count {
            total += a[index] * b[index]
            index += 1
        }
        return total
    }

    /// `sum += factor * row`, the row in int8.
    static func add(_ row: UnsafeBufferPointer<Int8>, times factor: Float, to sum: UnsafeMutableBufferPointer<Float>) {
        let count = min(row.count, sum.count)
        guard count > 0, let source = row.baseAddress, let target = sum.baseAddress else { return }
        let rawSource = UnsafeRawPointer(source)
        let rawTarget = UnsafeMutableRawPointer(target)
        var index = 0
        while index + 16 <= count {
            let values = SIMD16<Float>(rawSource.loadUnaligned(fromByteOffset: index, as: SIMD16<Int8>.self))
            let offset = index * MemoryLayout<Float>.stride
            let current = rawTarget.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
            rawTarget.storeBytes(of: current + values * factor, toByteOffset: offset, as: SIMD16<Float>.self)
            index += 16
        }
        while index < count {
            target[index] += Float(source[index]) * factor
            index += 1
        }
    }
}
