import { fileSize, megabytes } from '../format';

describe('file sizes', () => {
  it('states limits in MB to one decimal', () => {
    expect(megabytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(megabytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });

  it('shows a file under a megabyte in KB, at least 1 KB, never 0 MB', () => {
    expect(fileSize(100)).toBe('1 KB');
    expect(fileSize(300 * 1024)).toBe('300 KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3 MB');
  });
});
