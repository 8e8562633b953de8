// The percentage people type and the fraction a percent column holds, turned into each other exactly.
import assert from 'node:assert/strict';
import { describe, test } from '../support/node-test.ts';
import { fractionOf, movePoint, percentOf } from '../../common/percent.ts';

describe('percent and fraction', () => {
  test('move the decimal point in the text, with no float noise', () => {
    assert.equal(percentOf('0.1234'), '12.34');
    assert.equal(percentOf('0.0007'), '0.07');
    assert.equal(percentOf('-0.0001'), '-0.01');
    assert.equal(percentOf('1'), '100');
    assert.equal(fractionOf('12.34'), '0.1234');
    assert.equal(fractionOf('0.07'), '0.0007');
    assert.equal(fractionOf('-5'), '-0.05');
    assert.equal(fractionOf('100'), '1');
    assert.equal(fractionOf('0'), '0');
    assert.equal(fractionOf('-0'), '0');
    assert.equal(fractionOf('.5'), '0.005');
    assert.equal(fractionOf('12.'), '0.12');
  });

  test('drop thousands commas and keep text that is no number as it is, for the rules to refuse', () => {
    assert.equal(fractionOf('1,234.5'), '12.345');
    assert.equal(fractionOf('abc'), 'abc');
    assert.equal(percentOf(''), '');
    assert.equal(movePoint('1e3', 2), null);
    assert.equal(movePoint('--1', -2), null);
  });
});
