"""game.grids gives exactly what scipy.ndimage gives (labels in the same order, the same boxes,
the same distances), so replacing scipy on the start-up path changed no floor."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import ndimage

from game.grids import find_boxes, grow8, label4, region_boxes, run_boxes, taxicab_distance

masks = st.integers(1, 24).flatmap(
    lambda h: st.integers(1, 24).flatmap(
        lambda w: arrays(np.bool_, (h, w), elements=st.booleans())))


@settings(max_examples=200, deadline=None)
@given(masks)
def test_label4_numbers_regions_as_scipy_does(mask: np.ndarray) -> None:
    expected, count = ndimage.label(mask)
    labels, found = label4(mask)
    assert found == count
    assert np.array_equal(labels, expected)
    assert find_boxes(labels) == ndimage.find_objects(expected)
    assert run_boxes(labels, found) == ndimage.find_objects(expected)
    assert np.array_equal(grow8(mask),
                          ndimage.binary_dilation(mask, structure=np.ones((3, 3), np.bool_)))
    if not mask.all():
        assert np.array_equal(taxicab_distance(mask),
                              ndimage.distance_transform_cdt(mask, metric="taxicab"))


def test_a_winding_corridor_is_one_region() -> None:
    """A serpentine needs many joins in a row; the labelling must still end with one region."""
    mask = np.zeros((41, 41), dtype=np.bool_)
    mask[1::2, 1:-1] = True
    mask[2::4, -2] = True
    mask[4::4, 1] = True
    labels, count = label4(mask)
    assert count == 1 and (labels[mask] == 1).all() and (labels[~mask] == 0).all()


def test_boxes_of_missing_labels() -> None:
    labels = np.array([[1, 0, 3], [1, 0, 3]], dtype=np.int32)
    assert find_boxes(labels) == [(slice(0, 2), slice(0, 1)), None, (slice(0, 2), slice(2, 3))]
    with pytest.raises(ValueError, match="no tiles"):
        region_boxes(labels)
    assert find_boxes(np.zeros((2, 2), dtype=np.int32)) == []
    with pytest.raises(ValueError, match="no tiles"):
        run_boxes(labels, 3)
    assert run_boxes(np.zeros((2, 2), dtype=np.int32), 0) == []
    assert run_boxes(np.zeros((0, 3), dtype=np.int32), 0) == []
