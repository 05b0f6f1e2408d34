/// The first index of `range` that is not before what is sought, in a range sorted so that
/// every index before it is (`isBefore` is true up to some point and false from there on): a
/// binary search, used wherever a sorted table is searched (a state file's known ids, the
/// search index's titles).
package func lowerBound(in range: Range<Int>, isBefore: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let middle = low + (high - low) / 2
        if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
}
